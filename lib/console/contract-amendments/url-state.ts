// The contract amendments pages' URLs. The list's URL state is its declaration (./list.ts).

export const CONTRACT_AMENDMENTS_PATH = "/contract-amendments";

export const amendmentHref = (id: string) => `${CONTRACT_AMENDMENTS_PATH}/${encodeURIComponent(id)}`;
/** The amendment form of an employment (without one, the page asks which employment first). */
export const newAmendmentHref = (employmentId?: string) =>
  employmentId ? `${CONTRACT_AMENDMENTS_PATH}/new?employment_id=${encodeURIComponent(employmentId)}` : `${CONTRACT_AMENDMENTS_PATH}/new`;
