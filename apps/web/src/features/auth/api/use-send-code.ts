import type { SendCodeRequest, SendCodeResponse } from '@camino/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec calls 1 and 4: send the SMS code to register or to sign in by phone. */
export function useSendCode() {
  return useMutation({
    mutationFn: (request: SendCodeRequest) => api.post<SendCodeResponse>('/api/account/phone/send-code', request),
  });
}
