import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SandboxPageFrame } from '#web/components/sandbox-page-frame';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';

/**
 * A sandbox store's consent page, in place of the store's own: the question, what Listsmith may
 * then do, refuse (back to the account page) or agree. A link missing its parameters says so.
 */
export function SandboxConsent({
  notice,
  badge,
  complete,
  incomplete,
  heading,
  intro,
  abilities,
  refuse,
  agree,
  action,
}: {
  notice: string;
  badge: string;
  /** Whether the link carried everything agreeing needs. */
  complete: boolean;
  /** Said when it did not. */
  incomplete: string;
  heading: string;
  intro: string;
  /** The `<li>` items of what Listsmith may do. */
  abilities: ReactNode;
  refuse: string;
  agree: string;
  /** Agreeing: a mutation that leaves for Listsmith's callback. */
  action: { isPending: boolean; isSuccess: boolean; error: Error | null; run(): void };
}) {
  const navigate = useNavigate();
  const busy = action.isPending || action.isSuccess;
  return (
    <SandboxPageFrame notice={notice} badge={badge}>
      {complete ? (
        <>
          <h1 className="text-xl font-semibold text-slate-900">{heading}</h1>
          <p className="mt-3 text-sm text-slate-600">{intro}</p>
          <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">{abilities}</ul>
          {action.error && <Banner className="mt-6">{action.error.message}</Banner>}
          <div className="mt-8 flex justify-end gap-3">
            <Button variant="secondary" disabled={busy} onClick={() => navigate('/account')}>
              {refuse}
            </Button>
            <Button loading={busy} disabled={busy} onClick={action.run}>
              {agree}
            </Button>
          </div>
        </>
      ) : (
        <>
          <Banner>{incomplete}</Banner>
          <Button className="mt-6" variant="secondary" onClick={() => navigate('/account')}>
            Back to Listsmith
          </Button>
        </>
      )}
    </SandboxPageFrame>
  );
}
