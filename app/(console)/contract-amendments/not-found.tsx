import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { CONTRACT_AMENDMENTS_PATH } from "@/lib/console/contract-amendments/links";

export default function ContractAmendmentNotFound() {
  return (
    <>
      <PageHeader title="Contract amendment not found" />
      <Alert
        tone="info"
        title="The API knows no such amendment"
        actions={
          <ButtonLink href={CONTRACT_AMENDMENTS_PATH} size="sm">
            All contract amendments
          </ButtonLink>
        }
      >
        <p>It may belong to another company or environment: each environment has its own data.</p>
      </Alert>
    </>
  );
}
