import { PageHeader } from '@/components/page-header';

export function Component() {
  return <PageHeader title="…" />;
}
