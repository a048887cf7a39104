-- Custom SQL migration file, put your code below! --
-- The FAQ's answer about discounts promised one "with ID provided at registration", which nothing gave.
-- Sites seeded before service verification existed still carry it: replace it with how the discount
-- works now, unless staff have already rewritten the answer (then theirs stays).
UPDATE "faqs" SET "answer" = 'Yes. Active duty, veterans, reserve and guard members, military families, law enforcement and first responders can ask to be verified from their profile: upload a photo or PDF of an ID or document, and staff verify it, usually within a few days. Once verified, the discount is applied automatically at checkout in the shop and on membership dues, at the rate the association sets. Premium and Elite members get the better of their member pricing and this discount, not both.'
WHERE "question" = 'Do you offer discounts?' AND "answer" = 'Yes. Veterans, active duty service members, law enforcement and first responders receive a discount on training courses. Please provide a valid ID at registration.';
