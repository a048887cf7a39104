-- Custom SQL migration file, put your code below! --
-- The sample content now uses American spelling (liter, organizations, defense, honor, neighbors, organizes).
-- Sites seeded earlier still carry the British forms: each row is rewritten only while it still reads exactly
-- as the old seed wrote it, so text staff have edited stays theirs.
UPDATE "products" SET "description" = '35-liter pack with MOLLE webbing, a hydration sleeve and a padded laptop compartment.' WHERE "description" = '35-litre pack with MOLLE webbing, a hydration sleeve and a padded laptop compartment.';--> statement-breakpoint
UPDATE "programs" SET "summary" = 'Planning, preparedness and leadership for teams and organizations.' WHERE "summary" = 'Planning, preparedness and leadership for teams and organisations.';--> statement-breakpoint
UPDATE "programs" SET "summary" = 'Discipline, self-defense and focus on the mat.' WHERE "summary" = 'Discipline, self-defence and focus on the mat.';--> statement-breakpoint
UPDATE "events" SET "description" = 'A 12-mile ruck in honor of the fallen. Bring a ruck of 20-30 lbs, two liters of water and broken-in boots.' WHERE "description" = 'A 12-mile ruck in honour of the fallen. Bring a ruck of 20-30 lbs, two litres of water and broken-in boots.';--> statement-breakpoint
UPDATE "events" SET "description" = 'Food, music and games for members, families and neighbors. Everyone is welcome; no registration fee.' WHERE "description" = 'Food, music and games for members, families and neighbours. Everyone is welcome; no registration fee.';--> statement-breakpoint
UPDATE "leaders" SET "bio" = 'Tom organizes our cookouts, hikes and fishing trips, and makes sure every family feels at home.' WHERE "bio" = 'Tom organises our cookouts, hikes and fishing trips, and makes sure every family feels at home.';--> statement-breakpoint
UPDATE "core_values" SET "description" = 'Service did not end with our enlistment. We give back to veterans, families and our neighbors.' WHERE "description" = 'Service did not end with our enlistment. We give back to veterans, families and our neighbours.';
