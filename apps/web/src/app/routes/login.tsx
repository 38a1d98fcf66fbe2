import { VoiceDemo } from '@/features/assistant/components/voice-demo';
import { LoginPage } from '@/features/auth/login-page';

/** /login: the auth feature's page with the assistant feature's guest demo. Features meet only in src/app. */
export function Component() {
  return <LoginPage VoiceDemo={VoiceDemo} />;
}
