import { STORAGE_KEYS } from '@camino/contracts';
import { useEffect } from 'react';
import { useSession } from '@/lib/session';
import { currentLanguage, setLanguage } from '@/lib/i18n';
import { forgetConversation } from '@/lib/current-conversation';
import { forgetAnswers } from '@/lib/offline-answers';
import { storage } from '@/lib/storage';

/**
 * What follows the session everywhere (spec section 4 "Auth events"): once signed in, the guest's stored
 * signup data is removed, and the interface takes the profile's preferred language. The answers kept on
 * this device for reading offline, and the conversation kept for the tab, stay only while their owner's
 * session lasts.
 */
export function useSessionHousekeeping(): void {
  const { data: user } = useSession();
  useEffect(() => {
    if (user !== undefined) {
      forgetAnswers(user?.id);
      forgetConversation(user?.id);
    }
    if (!user) return;
    storage.remove(STORAGE_KEYS.guestSignupEmail);
    storage.remove(STORAGE_KEYS.guestSignupName);
    storage.remove(STORAGE_KEYS.pendingRegistrationName);
    if (user.profile.preferredLanguage !== currentLanguage()) void setLanguage(user.profile.preferredLanguage);
  }, [user]);
}
