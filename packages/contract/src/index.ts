export * from './categories';
export * from './common';
export * from './config';
export * from './images';
export * from './messages';
export * from './option-values';
export * from './users';
