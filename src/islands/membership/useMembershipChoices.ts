/**
 * The membership form's choices and what they rest on: the level rules (from the page, or read on
 * mount), the visitor's previous membership (renew prefills from it), the chosen level, the members'
 * details and counts, and the auto-renew answer. Changing the level carries the details over and
 * resets auto-renew (the rules are in lib/domain/membership/form.ts).
 */
import { startTransition, useCallback, useEffect, useMemo, useState } from "react";
import { failureOf } from "../../lib/api/errors.ts";
import {
  AUTO_RENEW_AFTER_LEVEL_CHANGE,
  carryDetails,
  type FormRule,
  initialCounts,
  initialLevel,
  type MemberEntry,
  memberSections,
  type PreviousMembership,
  previousMembership,
  renewPrefill,
} from "../../lib/domain/membership/form.ts";
import { membershipCalls } from "./membership-calls.ts";
import { formRulesOf, previousMembersOf, roleCountsOf } from "./membership-data.ts";
import type { MembershipFormProps } from "./props.ts";

export function useMembershipChoices(props: MembershipFormProps) {
  // A guest's form renders at once, on the server too, from the rules the page read (no loading
  // line that the form then pushes down). A logged-in visitor's waits for their memberships (the
  // previous membership and renew's prefill), as does a form whose page could not read the rules.
  const serverRules = props.loggedIn ? null : props.initialRules;
  const [rules, setRules] = useState<FormRule[] | null>(serverRules);
  const [loadError, setLoadError] = useState(false);
  const [previous, setPrevious] = useState<PreviousMembership | null>(null);
  const [levelId, setLevelId] = useState<string | undefined>(() =>
    serverRules ? initialLevel(props.levels, props.select) : undefined,
  );
  const [details, setDetails] = useState<Record<string, MemberEntry>>({});
  const [counts, setCounts] = useState<Record<string, number>>(() =>
    serverRules ? initialCounts(memberSections(serverRules, levelId)) : {},
  );
  const [autoRenew, setAutoRenew] = useState(false);

  const sections = useMemo(() => memberSections(rules ?? [], levelId), [rules, levelId]);

  // Loading: the rules (cached), and for a logged-in visitor the memberships (fresh, private).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    if (serverRules) return;
    let cancelled = false;
    void (async () => {
      try {
        const calls = await membershipCalls(props.seller);
        const [formRules, mine] = await Promise.all([
          props.initialRules ??
            calls.rules(props.groupId).then((envelope) => formRulesOf(envelope, props.groupId)),
          props.loggedIn ? calls.myMembership().catch(() => null) : Promise.resolve(null),
        ]);
        if (cancelled) return;
        const prev = mine ? previousMembership(previousMembersOf(mine, props.groupId)) : null;
        // The form's first full render is a transition: React renders it in slices.
        startTransition(() => {
          setPrevious(prev);
          // Renew prefills the current level, counts and named details (spec 1 §4).
          const prefill =
            props.action === "renew" && prev && mine && !props.select
              ? renewPrefill(
                  formRules,
                  props.levels,
                  prev,
                  roleCountsOf(mine, prev.members[0]?.orderId ?? null),
                )
              : null;
          if (prefill) {
            setLevelId(prefill.levelId);
            setDetails(prefill.details);
            setCounts(prefill.counts);
          } else {
            const chosen = initialLevel(props.levels, props.select);
            setLevelId(chosen);
            setCounts(initialCounts(memberSections(formRules, chosen)));
          }
          setRules(formRules);
        });
      } catch (error) {
        console.warn("membership.rules_failed", { code: failureOf(error).code });
        if (!cancelled) setLoadError(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const chooseLevel = useCallback(
    (next: string) => {
      if (next === levelId || !rules) return;
      const carried = carryDetails(rules, levelId, next, details, counts);
      if (carried.problems.length > 0)
        console.warn("membership.details_not_copied", { roles: carried.problems, level: next });
      setLevelId(next);
      setDetails(carried.details);
      setCounts(carried.counts);
      // Spec 1 §4: changing the level resets auto-renew to no.
      setAutoRenew(AUTO_RENEW_AFTER_LEVEL_CHANGE);
    },
    [rules, levelId, details, counts],
  );

  const setDetail = useCallback(
    (key: string, entry: MemberEntry) => setDetails((d) => ({ ...d, [key]: entry })),
    [],
  );
  const setCount = useCallback(
    (role: string, value: number) => setCounts((c) => ({ ...c, [role]: value })),
    [],
  );

  return {
    rules,
    loadError,
    previous,
    levelId,
    chooseLevel,
    sections,
    details,
    setDetail,
    counts,
    setCount,
    autoRenew,
    setAutoRenew,
  };
}
