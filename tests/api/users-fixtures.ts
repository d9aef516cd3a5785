/**
 * Shared setup of the user API tests (tests/api/users-*.test.ts, split by topic for issue 12).
 * Spec 000 §6 (roles, who manages whom), §7 'User calls'; spec 001 §2 Users, §3 User, §5 (password, 'Vyberte
 * položky.'), §6 (numbered roles). The own profile and password are in profile.test.ts.
 */
import { afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { user } from "../../api/db/schema";
import { setupApiWithIds, type TestApi, UNEDITED } from "./helpers";

export let t: TestApi;
export let A: number;
export let B: number;
export const U = () => t.fixtures.users;
export const STRONG = "Silne.Heslo1";

/** A valid create body: a municipality worker of A. */
export const form = (over: Record<string, unknown> = {}) => ({
  ...UNEDITED,
  roleId: 21,
  firstName: "Jana",
  lastName: "Malá",
  userName: `jana.mala.${Math.random().toString(36).slice(2, 8)}`,
  phone: "+420 777 123 456",
  email: `jana.${Math.random().toString(36).slice(2, 8)}@obec.example`,
  municipalityId: A,
  password: STRONG,
  confirmPassword: STRONG,
  ...over,
});
export const inviteForm = (over: Record<string, unknown> = {}) => {
  const { password: _p, confirmPassword: _c, ...rest } = form(over);
  return rest;
};

export async function userRow(id: number) {
  const [row] = await t.db.select().from(user).where(eq(user.id, id));
  return row!;
}

/** Opens this file's API (a fresh database) before its tests and closes it after. */
export function setupUsersTests(): void {
  beforeAll(async () => ({ t, A, B } = await setupApiWithIds()));
  afterAll(() => t?.close());
}
