import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { ConsentLinkCreator } from "@/components/console/partner/consent-link-creator";
import { UtcTime } from "@/components/console/partner/grant-health";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { listPendingConsentLinks } from "@/lib/console/server/partner/connect";
import { requireOperator } from "@/lib/console/server/partner/server";

export const metadata: Metadata = { title: "Connect a company" };

/** Consent links: create one for the current environment, and see those still waiting for a company. */
export default async function ConnectCompanyPage() {
  const { deps, session } = await requireOperator("/partner/connect");
  const envLabel = ENVIRONMENT_LABELS[session.environment];
  const pending = await listPendingConsentLinks(deps.db, session.environment, deps.now());
  return (
    <>
      <PageHeader
        title="Connect a company"
        kicker={envLabel}
        description={`A company connects by consenting at the Employment API (${envLabel}): an owner or admin opens the link, signs in there and allows the partner to act for the company.`}
        actions={<ButtonLink href="/partner">Companies</ButtonLink>}
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader titleId="new-link-title" title="New consent link" description="Single use, valid for 7 days." />
          <CardBody className="py-5">
            <ConsentLinkCreator environmentLabel={envLabel} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader
            titleId="pending-title"
            title="Links waiting for a company"
            description="Their addresses were shown once, when they were created."
          />
          <CardBody className="py-5">
            {pending.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">None.</p>
            ) : (
              <ul className="space-y-2 text-sm" aria-labelledby="pending-title">
                {pending.map((l) => (
                  <li key={l.id}>
                    Created <UtcTime value={l.createdAt} />, expires <UtcTime value={l.expiresAt} />
                  </li>
                ))}
              </ul>
            )}
          </CardBody>
        </Card>
      </div>
    </>
  );
}
