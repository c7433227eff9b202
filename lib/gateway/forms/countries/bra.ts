import { fieldIs, forbid, ifThenElse, refine, requiredWhen } from "../schema/conditions";
import { file, money, number, radio, select, statement, text, yesNo } from "../schema/fields";
import { insertAfter, pick } from "../schema/form";
import type { ContractRules } from "../sections/contract-details";
import { examplePdf, type CountryProfile } from "../sections/profile";
import { SUBDIVISIONS } from "../subdivisions";
import { defineCountry } from "./define-country";

// Brazil. Figures: 2025 minimum wage R$1,518 a month, paid 13 times (13th salary), 44-hour
// week, 30 calendar days of holiday, experience contract up to 90 days, fixed term up to 2 years,
// CLT benefits (vale-transporte, vale-refeição), eSocial personal data (mother's name, race).

const profile: CountryProfile = {
  code: "BRA",
  name: "Brazil",
  currency: "BRL",
  phonePattern: "^\\+55[1-9][0-9]9?[0-9]{8}$",
  phoneDescription: "+5511912345678",
  postalCode: {
    pattern: "^[0-9]{5}-?[0-9]{3}$",
    description: "CEP: eight digits, e.g. 01310-100.",
    errorMessage: "Enter a CEP such as 01310-100.",
  },
  subdivision: { field: "state", title: "State", required: true, options: SUBDIVISIONS.BRA ?? [] },
  minimumOnboardingDays: 10,
  fullTimeHours: 44,
  people: [
    { firstName: "Beatriz", lastName: "Oliveira", sex: "female", birthDate: "1994-08-08", phone: "+5511912345678" },
    { firstName: "Gabriel", lastName: "Santos", sex: "male", birthDate: "1989-05-13", phone: "+5521987654321" },
    { firstName: "Larissa", lastName: "Souza", sex: "female", birthDate: "1996-02-26", phone: "+5531991234567" },
    { firstName: "Rafael", lastName: "Lima", sex: "male", birthDate: "1982-11-29", phone: "+5541998765432" },
    { firstName: "Juliana", lastName: "Carvalho", sex: "female", birthDate: "1990-03-17", phone: "+5551992345678" },
    { firstName: "Matheus", lastName: "Ribeiro", sex: "male", birthDate: "1977-10-21", phone: "+5561993456789" },
  ],
  addresses: [
    { address: "Avenida Paulista 1578", addressLine2: "Conjunto 52", city: "São Paulo", postalCode: "01310-200", subdivision: "BR-SP" },
    { address: "Rua Visconde de Pirajá 330", city: "Rio de Janeiro", postalCode: "22410-002", subdivision: "BR-RJ" },
    { address: "Avenida Afonso Pena 1500", city: "Belo Horizonte", postalCode: "30130-005", subdivision: "BR-MG" },
    { address: "Rua XV de Novembro 700", city: "Curitiba", postalCode: "80020-310", subdivision: "BR-PR" },
  ],
};

const contract: ContractRules = {
  minimumAnnualSalary: 1_973_400,
  minimumSalaryMessage:
    "Brazil's minimum wage is R$1,518.00 a month: at least R$19,734.00 a year with the 13th salary, for a 44-hour week.",
  salaryDescription: "Gross amount for the year including the 13th salary (13 monthly payments).",
  statutoryPtoDays: 30,
  ptoDescription: "30 calendar days of férias after each 12 months of work, paid with an extra third (1/3 constitucional).",
  probationMaxDays: 90,
  probationDescription: "An experience contract (contrato de experiência) lasts at most 90 days.",
  fixedTerm: {
    maxMonths: 24,
    reasonRequired: true,
    description: "Up to 2 years, for temporary work or activities of a transitory nature.",
  },
  salaryExamples: [9_000_000, 12_000_000, 6_000_000, 18_000_000],
};

const PIX_KEY_RULES: readonly [type: string, rule: Record<string, unknown>, message: string][] = [
  ["cpf", { pattern: "^[0-9]{3}\\.?[0-9]{3}\\.?[0-9]{3}-?[0-9]{2}$" }, "A CPF key has 11 digits, e.g. 123.456.789-09."],
  ["email", { format: "email" }, "Enter the e-mail address registered as the key."],
  ["phone", { pattern: "^\\+55[1-9][0-9]9?[0-9]{8}$" }, "A phone key is +55 followed by the area code and number."],
  ["random", { format: "uuid" }, "A random key is a 36-character UUID."],
];

/** The pix key's format depends on its type: an else-if chain of branches. */
function pixKeyRules(): Record<string, unknown> {
  let chain: Record<string, unknown> = forbid("pix_key");
  for (const [type, rule, message] of [...PIX_KEY_RULES].reverse()) {
    const keyword = Object.keys(rule)[0]!;
    chain = ifThenElse(
      fieldIs("pix_key_type", type),
      { required: ["pix_key"], ...refine({ pix_key: { ...rule, "x-jsf-errorMessage": { [keyword]: message } } }) },
      chain,
    );
  }
  return chain;
}

export const brazil = defineCountry({
  profile,
  contract,
  metadata: {
    contractor_products_available: ["standard", "cor"],
    employment_agreement_preview_available: false,
    eor_onboarding: true,
    locked_benefits: "after_first_hire",
  },
  minimumAge: 16,
  amendmentNoticeDays: 10,
  idDocuments: [
    ["rg", "RG (identity card)"],
    ["cnh", "CNH (driver's license)"],
    ["crnm", "CRNM (foreigners' registration card)"],
    ["passport", "Passport"],
  ],
  companyRegistration: {
    title: "CNPJ",
    pattern: "^[0-9]{2}\\.?[0-9]{3}\\.?[0-9]{3}/?[0-9]{4}-?[0-9]{2}$",
    description: "The company's 14-digit register number, e.g. 12.345.678/0001-95.",
    example: "12.345.678/0001-95",
  },
  vat: { title: "CNPJ", pattern: "^[0-9]{2}\\.?[0-9]{3}\\.?[0-9]{3}/?[0-9]{4}-?[0-9]{2}$", example: "12.345.678/0001-95" },
  extensions: {
    personal_details: {
      properties: {
        mother_name: text({ title: "Mother's full name", description: "Required by eSocial.", pattern: "\\S" }),
        race_ethnicity: select({
          title: "Race or colour (IBGE)",
          description: "Required by eSocial; self-declared.",
          options: [
            ["branca", "Branca"],
            ["preta", "Preta"],
            ["parda", "Parda"],
            ["amarela", "Amarela"],
            ["indigena", "Indígena"],
            ["nao_informado", "Prefer not to say"],
          ],
        }),
        education_level: select({
          title: "Education",
          options: [
            ["fundamental", "Ensino fundamental"],
            ["medio", "Ensino médio"],
            ["superior", "Ensino superior"],
            ["pos_graduacao", "Pós-graduação"],
          ],
        }),
      },
      required: ["mother_name", "race_ethnicity", "education_level", "sex"],
      order: (o) => insertAfter(o, "date_of_birth", "mother_name", "race_ethnicity", "education_level"),
      example: (v) => ({
        mother_name: `${pick(["Maria", "Ana", "Francisca", "Antônia"], v)} ${pick(profile.people, v).lastName}`,
        race_ethnicity: pick(["parda", "branca", "preta", "nao_informado"], v),
        education_level: pick(["superior", "pos_graduacao", "medio"], v),
      }),
    },
    contract_details: {
      properties: {
        thirteenth_salary_notice: statement({
          title: "13th salary",
          statementTitle: "The annual salary is paid in 13 instalments.",
          statementDescription: "The 13th salary (décimo terceiro) is paid in two parts, by 30 November and 20 December.",
        }),
        has_meal_voucher: yesNo({ title: "Will the employee receive a meal voucher (vale-refeição)?" }),
        meal_voucher_monthly: money({ title: "Meal voucher per month", currency: "BRL", minimum: 1 }),
        transportation_voucher: yesNo({
          title: "Does the employee need the transportation voucher (vale-transporte)?",
          description: "The employer pays commuting costs above 6% of the base salary.",
        }),
      },
      required: ["has_meal_voucher", "transportation_voucher"],
      allOf: [requiredWhen("has_meal_voucher", "yes", ["meal_voucher_monthly"])],
      order: (o) =>
        insertAfter(
          insertAfter(o, "annual_gross_salary", "thirteenth_salary_notice"),
          "bonus_details",
          "has_meal_voucher",
          "meal_voucher_monthly",
          "transportation_voucher",
        ),
      example: (v) => {
        const meal = v % 3 !== 1;
        return {
          has_meal_voucher: meal ? "yes" : "no",
          ...(meal ? { meal_voucher_monthly: pick([80_000, 120_000], v) } : {}),
          transportation_voucher: v % 2 === 0 ? "yes" : "no",
        };
      },
    },
    administrative_details: {
      properties: {
        cpf: text({
          title: "CPF",
          description: "11 digits, e.g. 123.456.789-09.",
          pattern: "^[0-9]{3}\\.?[0-9]{3}\\.?[0-9]{3}-?[0-9]{2}$",
          errorMessage: { pattern: "Enter a CPF such as 123.456.789-09." },
        }),
        pis_pasep: text({
          title: "PIS/PASEP/NIT",
          description: "11 digits, e.g. 123.45678.90-1.",
          pattern: "^[0-9]{3}\\.?[0-9]{5}\\.?[0-9]{2}-?[0-9]$",
          errorMessage: { pattern: "Enter the 11-digit PIS/PASEP number." },
        }),
        rg_number: text({ title: "RG number", maxLength: 20, pattern: "^[0-9A-Za-z.\\-]+$" }),
        rg_issuer: text({ title: "RG issuing authority", description: "e.g. SSP/SP.", maxLength: 20 }),
        ctps_number: text({
          title: "Work card (CTPS) number",
          description: "(Optional) The digital CTPS uses the CPF.",
          nullable: true,
          maxLength: 20,
        }),
        number_of_dependents: number({ title: "Dependents for income tax (IRRF)", integer: true, minimum: 0, maximum: 20 }),
      },
      required: ["cpf", "pis_pasep", "rg_number", "rg_issuer", "number_of_dependents"],
      example: (v) => ({
        cpf: pick(["123.456.789-09", "987.654.321-00", "11144477735"], v),
        pis_pasep: pick(["120.12345.67-8", "12012345678", "170.33259.50-4"], v),
        rg_number: pick(["12.345.678-9", "MG-12.345.678", "98.765.432-1"], v),
        rg_issuer: pick(["SSP/SP", "SSP/MG", "DETRAN/RJ"], v),
        number_of_dependents: v % 3,
      }),
    },
    employment_document_details: {
      properties: {
        ctps_digital: file({
          title: "Digital work card (CTPS digital)",
          description: "The PDF exported from the Carteira de Trabalho Digital app.",
          accept: ".pdf",
        }),
      },
      required: ["ctps_digital"],
      example: () => ({ ctps_digital: examplePdf("ctps-digital.pdf") }),
    },
    bank_account_details: {
      properties: {
        bank_code: select({
          title: "Bank",
          options: [
            ["001", "001 – Banco do Brasil"],
            ["033", "033 – Santander"],
            ["077", "077 – Banco Inter"],
            ["104", "104 – Caixa Econômica Federal"],
            ["237", "237 – Bradesco"],
            ["260", "260 – Nu Pagamentos (Nubank)"],
            ["341", "341 – Itaú Unibanco"],
          ],
        }),
        agency: text({
          title: "Agency (agência)",
          pattern: "^[0-9]{4}(-[0-9Xx])?$",
          errorMessage: { pattern: "The agency has 4 digits, optionally with a check digit (1234-5)." },
        }),
        account_number: text({
          title: "Account number",
          description: "With its check digit, e.g. 12345-6.",
          pattern: "^[0-9]{1,12}-[0-9Xx]$",
          errorMessage: { pattern: "Enter the account number with its check digit, e.g. 12345-6." },
        }),
        account_type: radio({
          title: "Account type",
          options: [
            ["checking", "Conta corrente"],
            ["savings", "Conta poupança"],
            ["salary", "Conta salário"],
          ],
        }),
        pix_key_type: select({
          title: "PIX key type",
          description: "(Optional) For instant reimbursements.",
          options: [
            ["none", "No PIX key"],
            ["cpf", "CPF"],
            ["email", "E-mail"],
            ["phone", "Phone number"],
            ["random", "Random key"],
          ],
        }),
        pix_key: text({ title: "PIX key", maxLength: 77 }),
      },
      required: ["bank_code", "agency", "account_number", "account_type", "pix_key_type"],
      allOf: [pixKeyRules()],
      order: (o) => [...o.filter((n) => n !== "currency" && n !== "bank_name"), "currency"],
      omit: ["bank_name"],
      example: (v) => {
        const type = pick(["cpf", "none", "email", "phone", "random"] as const, v);
        const key = {
          cpf: "123.456.789-09",
          email: "pix@example.com",
          phone: pick(profile.people, v).phone,
          random: "7d9f3a2e-4b1c-4e8a-9f6d-2c3b4a5e6f70",
          none: undefined,
        }[type];
        return {
          bank_code: pick(["341", "260", "001", "237"], v),
          agency: pick(["0001", "1234-5", "3456"], v),
          account_number: pick(["12345-6", "9876543-2", "456789-X"], v),
          account_type: pick(["checking", "salary", "savings"], v),
          pix_key_type: type,
          ...(key ? { pix_key: key } : {}),
        };
      },
    },
  },
});
