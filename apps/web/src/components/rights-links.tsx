import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';

/**
 * The know-your-rights pages, readable with no connection (issue 15). The service worker keeps its own
 * copy of these paths (src/sw/service-worker.ts, a separate build).
 */
export const RIGHTS_PAGES = [
  { path: '/derechos/ice-en-casa', text: 'rights.iceAtHome' },
  { path: '/derechos/si-te-detienen', text: 'rights.detained' },
] as const;

/** A link to each rights page, styled by the place that shows them. */
export function RightsLinks({ linkClassName }: { linkClassName: string }) {
  const { t } = useTranslation();
  return RIGHTS_PAGES.map((page) => (
    <Link key={page.path} to={page.path} className={linkClassName}>
      {t(page.text)}
    </Link>
  ));
}
