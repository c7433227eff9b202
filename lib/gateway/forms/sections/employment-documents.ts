import { requiredWhen } from "../schema/conditions";
import { date, file, select, text, yesNo } from "../schema/fields";
import { pick, type FormParts } from "../schema/form";
import { examplePdf, type CountryProfile } from "./profile";

// employment_document_details: identity and right-to-work documents the worker uploads.

export function employmentDocuments(p: CountryProfile, o: { idDocuments: readonly (readonly [string, string])[] }): FormParts {
  return {
    properties: {
      id_document_type: select({ title: "Identity document", options: o.idDocuments }),
      id_document_number: text({
        title: "Document number",
        maxLength: 30,
        pattern: "^[A-Za-z0-9 -]+$",
        errorMessage: { pattern: "Use letters, digits, spaces and dashes only." },
      }),
      id_document_expiry_date: date({
        title: "Expiry date",
        description: "The document must be valid on the start date.",
        minDate: "2024-01-01",
      }),
      id_document_file: file({
        title: "Copy of the identity document",
        description: "Both sides, as PDF, JPG or PNG.",
        accept: ".pdf,.jpg,.jpeg,.png",
      }),
      requires_work_permit: yesNo({
        title: `Does the worker need a permit to work in ${p.name}?`,
        description: `Citizens of ${p.name} and, where applicable, of countries with free movement do not.`,
      }),
      work_permit_file: file({ title: "Work permit", accept: ".pdf,.jpg,.jpeg,.png" }),
      work_permit_expiry_date: date({ title: "Work permit expiry date", minDate: "2024-01-01" }),
    },
    required: ["id_document_type", "id_document_number", "id_document_expiry_date", "id_document_file", "requires_work_permit"],
    allOf: [requiredWhen("requires_work_permit", "yes", ["work_permit_file", "work_permit_expiry_date"])],
    example: (v) => {
      const permit = v % 4 === 3;
      return {
        id_document_type: pick(o.idDocuments, v)[0],
        id_document_number: `${p.code.slice(0, 2)}${String(4_711_230 + v * 97).padStart(7, "0")}`,
        id_document_expiry_date: `${2030 + (v % 5)}-06-30`,
        id_document_file: examplePdf("identity-document.pdf"),
        requires_work_permit: permit ? "yes" : "no",
        ...(permit ? { work_permit_file: examplePdf("work-permit.pdf"), work_permit_expiry_date: "2028-12-31" } : {}),
      };
    },
  };
}
