// Setup for the 'admin' test project (jsdom): cleanup between tests and a matchMedia stub.
import './src/testing/setup-dom';
