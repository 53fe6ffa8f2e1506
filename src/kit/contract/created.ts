/** What a run created on the target, so the runner can delete it at the end where the API allows. */
export interface Created {
  readonly kind: "simulation" | "project" | "context" | "round" | "prediction" | "answer";
  readonly id: string;
  /** The authorization it was created with (the same caller deletes it). */
  readonly authorization?: string;
}

const created: Created[] = [];

export function recordCreated(item: Created): void {
  created.push(item);
}

export function createdResources(): readonly Created[] {
  return created;
}
