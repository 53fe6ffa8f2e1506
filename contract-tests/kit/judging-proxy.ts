/**
 * `bss-mock proxy`'s judge in this process, in front of `upstream`, judging as the command does: by the kit's rule
 * catalogue, the upstream's own document (else the package's) and what GET /__mock says of its clock.
 */
import document from "../../openapi/openapi.json" with { type: "json" };
import { Judge } from "../../src/kit/proxy/judge.js";
import { upstreamFacts } from "../../src/kit/proxy/main.js";
import { type RunningProxy, startProxy } from "../../src/kit/proxy/server.js";
import { isRuleId, ruleSentences } from "../traceability/rules.js";

export async function startJudgingProxy(upstream: string): Promise<RunningProxy> {
  const url = new URL(upstream);
  const facts = await upstreamFacts(url, document);
  const judge = new Judge({
    has: isRuleId,
    sentences: ruleSentences,
    document: facts.document,
    borrowedDocument: facts.borrowed,
    manualClock: facts.manualClock,
  });
  return startProxy({ upstream: url, judge });
}
