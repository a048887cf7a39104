-- An attendee's checked_in_at is the fold of their check-in ops (src/features/events/check-in-merge.ts).
-- Check-ins made before the ops were kept get one op each, at the time they were made, so a door phone's
-- queued ops merge with them as with any other.
INSERT INTO "check_in_ops" ("op_id", "registration_id", "action", "at", "device_id", "staff_id", "received_at")
SELECT gen_random_uuid()::text, "id", 'check-in', "checked_in_at", NULL, NULL, "checked_in_at"
FROM "event_registrations"
WHERE "checked_in_at" IS NOT NULL;
