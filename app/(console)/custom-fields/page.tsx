import type { Metadata } from "next";
import { CustomFieldsList } from "@/components/console/custom-fields/custom-fields-list";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { listCustomFields } from "@/lib/console/server/custom-fields/api";
import { customFieldsList } from "@/lib/console/custom-fields/list";
import { NEW_CUSTOM_FIELD_PATH } from "@/lib/console/custom-fields/links";
import { loadListPage, type PageSearchParams } from "@/lib/console/server/pages";
import { customFieldListQuery } from "@/lib/queries/custom-fields";

export const metadata: Metadata = { title: "Custom fields" };

/** The company's custom field definitions; values are edited on each employment's page. */
export default async function CustomFieldsPage({ searchParams }: PageSearchParams) {
  const { scope, queryClient, initialError } = await loadListPage(customFieldsList, searchParams, {
    query: customFieldListQuery,
    load: listCustomFields,
  });
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  return (
    <>
      <PageHeader
        title="Custom fields"
        description={`The company's own fields on every employment, in ${environmentLabel}. Each employment's page shows and edits its values.`}
        actions={
          <ButtonLink href={NEW_CUSTOM_FIELD_PATH} variant="primary">
            New custom field
          </ButtonLink>
        }
      />
      <Hydrate client={queryClient}>
        <CustomFieldsList scope={scope} environmentLabel={environmentLabel} initialError={initialError} />
      </Hydrate>
    </>
  );
}
