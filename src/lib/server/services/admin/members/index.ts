/** The back office's members: search, one membership's detail, resending its e-mail. */

export { type MemberDetail, memberDetail } from "./detail.ts";
export { type MembershipMailSent, resendMembershipEmail } from "./resend.ts";
export * from "./schemas.ts";
export { type MemberHit, SEARCH_LIMIT, searchMembers } from "./search.ts";
