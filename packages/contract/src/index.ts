export * from './common';
export * from './config';
export * from './images';
export * from './messages';
export * from './users';
