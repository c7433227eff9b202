import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { ensureReadModel } from "@/lib/console/server/readmodel/runtime";
import { handleReadModelWebhook } from "@/lib/console/server/readmodel/webhooks";

// POST /api/webhooks/{environment}/{receiver} — deliveries of the callbacks the console registered
// for its read model (lib/console/server/readmodel/webhooks.ts): signature checked with the receiver's
// sealed key, event ids de-duplicated, the named object re-read by a job. Not a BFF route: the API
// calls it, with no session.

export async function POST(req: Request, ctx: { params: Promise<{ environment: string; receiver: string }> }): Promise<Response> {
  const deps = await getAuthDeps();
  return handleReadModelWebhook(req, await ctx.params, {
    db: deps.db,
    cipher: deps.cipher,
    enqueue: async (job) => {
      const runtime = ensureReadModel();
      if (!runtime) throw new Error("the read model is not running");
      return (await runtime).enqueueEvent(job);
    },
  });
}
