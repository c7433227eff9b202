import { withEmploymentId } from "@/lib/console/list";

// Console URLs of offboardings (the list's URL state is offboardingsList in ./list.ts):
//   /offboardings/{id}                                          one offboarding
//   /offboardings/new?employment_id=…                           start one (from the employment page)

export const OFFBOARDINGS_PATH = "/offboardings";

export const offboardingHref = (id: string) => `${OFFBOARDINGS_PATH}/${encodeURIComponent(id)}`;
export const newOffboardingHref = (employmentId?: string | null) => withEmploymentId(`${OFFBOARDINGS_PATH}/new`, employmentId);
