import { Skeleton } from "@/components/ui/skeleton";

// Plain markup (no "use client"): webhooks/loading.tsx wraps /webhooks/deliveries too, so it must not
// import the callbacks manager (its forms, zod, react-hook-form).

export function CallbacksSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading callbacks…
      </p>
      <ul aria-hidden="true" className="divide-y divide-slate-200 dark:divide-slate-800">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="space-y-2 px-5 py-4">
            <Skeleton className="h-4 w-80 max-w-full" />
            <Skeleton className="h-3 w-56" />
          </li>
        ))}
      </ul>
    </div>
  );
}
