import type { AllowEntry } from "../allow-list";

// Allow-list entries of this area (see ../allow-list.ts for the format).
export const ALLOW_PAYROLL: readonly AllowEntry[] = [
  {
    operation: "getV1FilesId",
    status: 200,
    pointer: "/data/file/content",
    reason:
      "docs/decisions/contract-payroll-webhooks.md, 'Files': \"The provider declares `content` as `format: binary`, which types.gen.ts renders " +
      '`Blob | File` (its own File resource) and the schema generator turns into objects; in a JSON body binary content is a base64 string."',
  },
];
