export * from './http';
export * from './twilio';
export * from './openai';
export * from './elevenlabs';
export * from './authorizenet';
