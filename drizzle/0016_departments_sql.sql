-- The spec's six departments (spec section 2), in its order.
INSERT INTO "department" ("id", "name", "created_at", "updated_at") VALUES
  ('dept_engineering', 'Engineering', now(), now()),
  ('dept_marketing', 'Marketing', now() + interval '1 microsecond', now()),
  ('dept_sales', 'Sales', now() + interval '2 microseconds', now()),
  ('dept_product', 'Product', now() + interval '3 microseconds', now()),
  ('dept_design', 'Design', now() + interval '4 microseconds', now()),
  ('dept_customer_support', 'Customer Support', now() + interval '5 microseconds', now())
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A job filed under a name that is not one of them keeps it: the name becomes a department.
INSERT INTO "department" ("id", "name")
SELECT 'dept_' || md5(lower(trim("department"))),
  (array_agg(trim("department") ORDER BY "created_at", "id"))[1]
FROM "job"
WHERE trim("department") <> ''
  AND NOT EXISTS (SELECT 1 FROM "department" d WHERE lower(d."name") = lower(trim("job"."department")))
GROUP BY lower(trim("department"));--> statement-breakpoint
-- So does the department an admin wrote in their profile (spec: "Admin profile adds ... department").
INSERT INTO "department" ("id", "name")
SELECT 'dept_' || md5(lower(trim(p."details"->>'department'))),
  (array_agg(trim(p."details"->>'department') ORDER BY u."created_at", u."id"))[1]
FROM "profile" p JOIN "user" u ON u."id" = p."user_id"
WHERE u."role" = 'admin'
  AND trim(coalesce(p."details"->>'department', '')) <> ''
  AND length(trim(p."details"->>'department')) <= 60
  AND NOT EXISTS (SELECT 1 FROM "department" d WHERE lower(d."name") = lower(trim(p."details"->>'department')))
GROUP BY lower(trim(p."details"->>'department'));--> statement-breakpoint
-- Admins' profiles name their department exactly as the list does.
UPDATE "profile" p SET "details" = jsonb_set(p."details", '{department}', to_jsonb(d."name"))
FROM "department" d, "user" u
WHERE u."id" = p."user_id" AND u."role" = 'admin'
  AND lower(d."name") = lower(trim(p."details"->>'department'));--> statement-breakpoint
-- Existing jobs are linked by name.
UPDATE "job" SET "department_id" = d."id"
FROM "department" d
WHERE lower(d."name") = lower(trim("job"."department"));--> statement-breakpoint
-- A job with an empty department (none exist: the form required one) goes under Engineering.
UPDATE "job" SET "department_id" = 'dept_engineering' WHERE "department_id" IS NULL;
