import type { Metadata } from "next";
import { ErrorBanner } from "@/components/console/error-banner";
import { TimeoffTabs } from "@/components/console/timeoff/timeoff-tabs";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { listTimeoffTypes } from "@/lib/console/server/timeoff/api";
import { TIMEOFF_TYPE_LABELS } from "@/lib/console/timeoff/labels";
import { TIMEOFF_TYPES_PATH } from "@/lib/console/timeoff/links";

export const metadata: Metadata = { title: "Time off types" };

/** GET /v1/timeoff/types: a fixed list with descriptions, rendered on the server (nothing on it changes). */
export default async function TimeoffTypesPage() {
  const returnTo = TIMEOFF_TYPES_PATH;
  const { api } = await getPageApi(returnTo);
  const result = await loadForPage(() => listTimeoffTypes(api), { returnTo });
  return (
    <>
      <PageHeader title="Time off" description="The kinds of time off the API knows, as it describes them." />
      <TimeoffTabs current="types" />
      {result.ok ? (
        <Card className="overflow-hidden">
          <TableContainer label="Time off types">
            <Table>
              <caption className="sr-only">Time off types ({result.data.length})</caption>
              <THead>
                <Tr>
                  <Th>Type</Th>
                  <Th>API name</Th>
                  <Th>Description</Th>
                </Tr>
              </THead>
              <TBody>
                {result.data.map((t) => (
                  <Tr key={t.name}>
                    <Td className="whitespace-nowrap font-medium text-slate-900 dark:text-white">
                      {TIMEOFF_TYPE_LABELS[t.name] ?? t.name}
                    </Td>
                    <Td>
                      <code className="font-mono text-xs">{t.name}</code>
                    </Td>
                    <Td>{t.description}</Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </TableContainer>
        </Card>
      ) : (
        <ErrorBanner
          operation="timeoff.read"
          error={result.error}
          actions={
            <ButtonLink href={returnTo} size="sm">
              Try again
            </ButtonLink>
          }
        />
      )}
    </>
  );
}
