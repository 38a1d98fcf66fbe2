export * from './account';
export * from './assistant';
export * from './auth';
export * from './constants';
export * from './errors';
export * from './health';
export * from './profile';
export * from './speech';
