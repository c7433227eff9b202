import { requiredWhen } from "../schema/conditions";
import { country, email, fieldset, select, tel, text } from "../schema/fields";
import { pick, type FormParts } from "../schema/form";
import type { CountryProfile } from "./profile";

// emergency_contact_details: who to call. The contact's address is a nested fieldset, since the
// contact may well live in another country.

export function emergencyContact(p: CountryProfile): FormParts {
  return {
    properties: {
      name: text({ title: "Full name", pattern: "\\S" }),
      relationship: select({
        title: "Relationship",
        options: [
          ["spouse_partner", "Spouse or partner"],
          ["parent", "Parent"],
          ["sibling", "Sibling"],
          ["child", "Child"],
          ["friend", "Friend"],
          ["other", "Other"],
        ],
      }),
      relationship_details: text({ title: "Describe the relationship", maxLength: 100, pattern: "\\S" }),
      phone_number: tel({ title: "Phone number", description: `International format, e.g. ${p.phoneDescription}.` }),
      email: email({ title: "Email", nullable: true }),
      address: fieldset({
        title: "Address",
        description: "(Optional) Where the contact lives.",
        nullable: true,
        properties: {
          address: text({ title: "Address", pattern: "\\S" }),
          city: text({ title: "City", pattern: "\\S" }),
          postal_code: text({ title: "Postal code", maxLength: 12, nullable: true }),
          country: country({ title: "Country" }),
        },
        required: ["address", "city", "country"],
      }),
    },
    required: ["name", "relationship", "phone_number"],
    allOf: [requiredWhen("relationship", "other", ["relationship_details"])],
    fieldsets: {
      contact: { title: "Contact", propertiesByName: ["name", "relationship", "relationship_details"] },
      reach: { title: "How to reach them", propertiesByName: ["phone_number", "email", "address"] },
    },
    example: (v) => {
      const person = pick(p.people, v + 1);
      const address = pick(p.addresses, v + 1);
      const relationship = pick(["spouse_partner", "parent", "sibling", "other"] as const, v);
      return {
        name: `${person.firstName} ${person.lastName}`,
        relationship,
        ...(relationship === "other" ? { relationship_details: "Neighbour" } : {}),
        phone_number: person.phone,
        ...(v % 2 === 0 ? { email: "contact@example.com" } : {}),
        ...(v % 3 !== 2
          ? { address: { address: address.address, city: address.city, postal_code: address.postalCode, country: p.code } }
          : {}),
      };
    },
  };
}
