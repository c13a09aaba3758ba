import { useEffect, useState } from 'react';
import type { PublicConfig } from '#domain/api/public-config';
import { PUBLIC_CONFIG_META } from '#domain/api/public-config-meta';

/** Shown until the server's value arrives (and if it cannot be fetched). */
const DEFAULT_PUBLIC_CONFIG: PublicConfig = { supportEmail: 'support@listsmith.app' };

/** The settings the server wrote into the page (src/server/http/index-page.ts), if it did. */
function configOnPage(): PublicConfig | null {
  const supportEmail = document.querySelector<HTMLMetaElement>(
    `meta[name="${PUBLIC_CONFIG_META.supportEmail}"]`,
  )?.content;
  return supportEmail === undefined ? null : { supportEmail };
}

/**
 * Only a page the server did not write (the Vite dev server's) lacks them; the request and its
 * contract load on that path alone, off the landing page's first load.
 */
async function requestConfig(): Promise<PublicConfig> {
  const [{ apiFetch }, { publicConfigSchema }] = await Promise.all([
    import('./api-client'),
    import('#domain/api/public-config'),
  ]);
  return apiFetch('/api/public-config', publicConfigSchema);
}

/** Server settings the browser may know (SUPPORT_EMAIL). */
export function usePublicConfig(): PublicConfig {
  const [config, setConfig] = useState(configOnPage);
  useEffect(() => {
    if (config) return;
    let current = true;
    requestConfig().then(
      (fetched) => {
        if (current) setConfig(fetched);
      },
      // The default address stands in, as it did while the request was under way.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [config]);
  return config ?? DEFAULT_PUBLIC_CONFIG;
}
