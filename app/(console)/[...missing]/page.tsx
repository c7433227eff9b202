import { notFound } from "next/navigation";

/**
 * Any console address no route matches: the not-found page of the console group
 * (app/(console)/not-found.tsx), inside the console's layout, with HTTP 404.
 */
export default function MissingPage(): never {
  notFound();
}
