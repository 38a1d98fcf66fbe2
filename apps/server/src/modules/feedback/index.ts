export { feedbackRoutes } from './routes';
export { FeedbackService } from './service';
