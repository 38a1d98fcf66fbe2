export * from './http';
export * from './twilio';
