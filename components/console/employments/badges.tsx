import { Badge } from "@/components/ui/badge";
import type { Country, EmploymentModel, EmploymentStatus, EmploymentType, LifecycleStage } from "@/lib/contract";
import { flagEmoji } from "@/lib/console/format";
import {
  LIFECYCLE_LABELS,
  LIFECYCLE_TONES,
  lifecycleStep,
  MODEL_DESCRIPTIONS,
  MODEL_LABELS,
  STATUS_LABELS,
  STATUS_TONES,
  TYPE_LABELS,
  TYPE_TONES,
} from "@/lib/console/employments/labels";

export function StatusBadge({ status }: { status: EmploymentStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function TypeBadge({ type }: { type: EmploymentType }) {
  return <Badge tone={TYPE_TONES[type]}>{TYPE_LABELS[type]}</Badge>;
}

export function ModelBadge({ model }: { model: EmploymentModel | null }) {
  if (!model) return null;
  return (
    // The badge's title names the abbreviation (EOR, …): no <abbr> of its own inside it.
    <Badge tone="gray" title={MODEL_DESCRIPTIONS[model]}>
      {MODEL_LABELS[model]}
    </Badge>
  );
}

export function LifecycleBadge({ stage }: { stage: LifecycleStage }) {
  return (
    <Badge tone={LIFECYCLE_TONES[stage]}>
      <span aria-hidden="true" className="tabular-nums opacity-80">
        {lifecycleStep(stage)}/7
      </span>
      <span className="sr-only">Stage {lifecycleStep(stage)} of 7:</span> {LIFECYCLE_LABELS[stage]}
    </Badge>
  );
}

/** Flag (decorative) and name, with the alpha-3 code the API uses. */
export function CountryLabel({ country }: { country: Pick<Country, "alpha_2_code" | "code" | "name"> | null }) {
  if (!country) return <span className="text-slate-600 dark:text-slate-400">No country</span>;
  const flag = flagEmoji(country.alpha_2_code);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1.5">
      <span className="whitespace-nowrap">
        {flag ? (
          <span aria-hidden="true" className="mr-1.5">
            {flag}
          </span>
        ) : null}
        {country.name}
      </span>
      <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{country.code}</span>
    </span>
  );
}
