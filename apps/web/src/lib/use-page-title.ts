import { useEffect } from 'react';

/** Sets the document title: "<page> · Camino Claro". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Camino Claro` : 'Camino Claro · Ayuda de inmigración en español';
  }, [title]);
}
