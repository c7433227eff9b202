import type { Metadata } from "next";
import Link from "next/link";
import { NewCustomFieldContainer } from "@/components/console/custom-fields/new-custom-field-container";
import { Card, CardBody } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { CUSTOM_FIELDS_PATH, NEW_CUSTOM_FIELD_PATH } from "@/lib/console/custom-fields/links";
import { getPageApi } from "@/lib/console/server/pages";

export const metadata: Metadata = { title: "New custom field" };

/** Create a custom field definition (POST /v1/custom-fields): owners and admins. */
export default async function NewCustomFieldPage() {
  const { scope } = await getPageApi(NEW_CUSTOM_FIELD_PATH);
  return (
    <div className="mx-auto max-w-2xl">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <ol className="flex flex-wrap items-center gap-1.5 text-slate-600 dark:text-slate-400">
          <li>
            <Link href={CUSTOM_FIELDS_PATH} className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
              Custom fields
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-slate-900 dark:text-slate-100">
            New
          </li>
        </ol>
      </nav>
      <PageHeader
        title="New custom field"
        description="A field every employment of the company gets. Only owners and admins can create one."
      />
      <Card>
        <CardBody className="py-6">
          <NewCustomFieldContainer scope={scope} />
        </CardBody>
      </Card>
    </div>
  );
}
