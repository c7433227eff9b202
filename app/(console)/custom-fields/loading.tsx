import { CUSTOM_FIELD_COLUMNS } from "@/components/console/custom-fields/custom-field-columns";
import { ListPageSkeleton } from "@/components/console/page-skeletons";

export default function CustomFieldsLoading() {
  return <ListPageSkeleton what="custom fields" columns={CUSTOM_FIELD_COLUMNS} filters={0} />;
}
