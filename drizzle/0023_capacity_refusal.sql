-- A hold's capacity UPDATE refuses inside its own statement when the places do not fit, so the
-- shop can send the COMMIT with it instead of waiting for its answer (services/cart/counters.ts):
-- the error turns the COMMIT into a ROLLBACK. The detail names the row: 's:{session id}' or
-- 'g:{ticket group id}'.
CREATE OR REPLACE FUNCTION foyer_no_room(kind text, row_id text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'no room' USING ERRCODE = 'FY409', DETAIL = kind || ':' || row_id;
END
$$;
