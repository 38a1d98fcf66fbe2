import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import logoMark from '@/assets/illustrations/logo-mark.svg';

export function Logo({ light = false }: { light?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/landing" className="flex items-center gap-2.5 rounded-lg" aria-label={`${t('brand')}, ${t('nav.home')}`}>
      <img src={logoMark} alt="" width={36} height={36} className="h-9 w-9" />
      <span className={light ? 'text-xl font-bold tracking-tight text-white' : 'text-xl font-bold tracking-tight text-navy-900'}>{t('brand')}</span>
    </Link>
  );
}
