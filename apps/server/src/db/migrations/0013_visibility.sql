-- Open event streams see the equipment assigned to their viewer (events.routes.ts): a change of assignments is
-- announced on `sdp_auth` like any other change of who sees what, so every instance re-filters its streams at once.
-- The auth cache ignores this table's name (it holds no assignments).
CREATE TRIGGER equipment_tag_members_auth_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON equipment_tag_members
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
