/** Every link of the top navigation (spec section 2), in display order. */
export const infoLinks: ReadonlyArray<{ to: string; key: string; shortKey?: string }> = [
  { to: '/landing', key: 'nav.home' },
  { to: '/how-it-works', key: 'nav.howItWorks' },
  { to: '/why-trust-us', key: 'nav.whyTrustUs' },
  { to: '/faq', key: 'nav.faq', shortKey: 'nav.faqShort' },
  { to: '/documents', key: 'nav.documents' },
  { to: '/blog', key: 'nav.blog' },
  { to: '/privacy-policy', key: 'nav.privacyPolicy' },
];

export const accountLinks: ReadonlyArray<{ to: string; key: string }> = [
  { to: '/chat', key: 'nav.chat' },
  { to: '/saved-chats', key: 'nav.savedChats' },
  { to: '/settings', key: 'nav.settings' },
];
