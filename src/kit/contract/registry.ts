import type { Body, TestMeta } from "./backend-api.js";

/** A test as the runner keeps it: where it is, what it checks, and its body (gating included, by the harness). */
export interface TestNode {
  readonly kind: "test";
  readonly file: string;
  /** Names of the enclosing describe blocks, outermost first. */
  readonly path: readonly string[];
  readonly name: string;
  readonly meta: TestMeta;
  readonly body: Body;
}

export type Hook = { readonly body: () => Promise<void> | void; readonly timeout?: number };

export interface SuiteNode {
  readonly kind: "suite";
  readonly file: string;
  readonly path: readonly string[];
  readonly name: string;
  readonly children: Array<SuiteNode | TestNode>;
  readonly beforeAll: Hook[];
  readonly afterAll: Hook[];
}

/** The test files of the suite, each loaded (and so registered) on demand. */
export interface SuiteFile {
  readonly name: string;
  readonly load: () => Promise<unknown>;
}

let stack: SuiteNode[] = [];

function suite(file: string, path: readonly string[], name: string): SuiteNode {
  return { kind: "suite", file, path, name, children: [], beforeAll: [], afterAll: [] };
}

function current(): SuiteNode {
  const top = stack.at(-1);
  if (!top) throw new Error("a contract test registered outside a test file (the runner loads them with loadFiles)");
  return top;
}

/** Loads each file in turn; what its module registers while loading belongs to it. */
export async function loadFiles(list: readonly SuiteFile[]): Promise<SuiteNode[]> {
  const files: SuiteNode[] = [];
  for (const entry of list) {
    const root = suite(entry.name, [], entry.name);
    stack = [root];
    await entry.load();
    stack = [];
    files.push(root);
  }
  return files;
}

export function registerSuite(name: string, body: () => void): void {
  const parent = current();
  const node = suite(
    parent.file,
    stack.slice(1).map((s) => s.name),
    name,
  );
  parent.children.push(node);
  stack.push(node);
  try {
    body();
  } finally {
    stack.pop();
  }
}

export function registerTest(name: string, meta: TestMeta, body: Body): void {
  const parent = current();
  const path = stack.slice(1).map((s) => s.name);
  parent.children.push({ kind: "test", file: parent.file, path, name, meta, body });
}

export function registerBeforeAll(hook: Hook): void {
  current().beforeAll.push(hook);
}

export function registerAfterAll(hook: Hook): void {
  current().afterAll.push(hook);
}

export function testsOf(node: SuiteNode): TestNode[] {
  return node.children.flatMap((child) => (child.kind === "test" ? [child] : testsOf(child)));
}
