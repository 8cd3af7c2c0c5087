/** The inputs of the members calls, for the admin API's routes to share. */
import { z } from "zod";

export const searchMembersInput = z
  .object({
    /** A member ID (scan code), or part of a name or e-mail address. */
    q: z.string().trim().min(2, "Type at least 2 characters.").max(200),
  })
  .strict();
export type SearchMembersInput = z.input<typeof searchMembersInput>;

export const membershipRefInput = z.object({ membershipId: z.string().min(1).max(200) }).strict();
export type MembershipRefInput = z.input<typeof membershipRefInput>;
