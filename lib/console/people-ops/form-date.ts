import { z } from "zod";
import { PlainDateSchema } from "@/lib/contract";

/** A form's date field: "choose a date" when empty, then the contract's own date rule. */
export const formDate = (blank = "choose a date") => z.string().min(1, blank).pipe(PlainDateSchema);
