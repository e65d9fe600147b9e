// The forms' option lists (docs/product.md, "Option lists"). Values are what is stored; labels are what is shown.

export const SIGNUP_ORGANIZATION_TYPES = [
  { value: "property-management", label: "Property Management Company" },
  { value: "real-estate", label: "Real Estate Agency" },
  { value: "landlord", label: "Individual Landlord" },
  { value: "hoa", label: "HOA/Community Association" },
  { value: "other", label: "Other" },
] as const;

export const DEMO_ORGANIZATION_TYPES = [
  { value: "property-management", label: "Property Management Company" },
  { value: "real-estate", label: "Real Estate Agency" },
  { value: "hoa", label: "HOA/Community Association" },
  { value: "individual-landlord", label: "Individual Landlord" },
  { value: "investor", label: "Property Investor" },
  { value: "other", label: "Other" },
] as const;

export const SIGNUP_PROPERTY_COUNTS = [
  { value: "1-5", label: "1-5 properties" },
  { value: "6-20", label: "6-20 properties" },
  { value: "21-50", label: "21-50 properties" },
  { value: "51-100", label: "51-100 properties" },
  { value: "100+", label: "100+ properties" },
] as const;

export const DEMO_PROPERTY_COUNTS = [
  { value: "1-10", label: "1-10 properties" },
  { value: "11-50", label: "11-50 properties" },
  { value: "51-200", label: "51-200 properties" },
  { value: "201-500", label: "201-500 properties" },
  { value: "500+", label: "500+ properties" },
] as const;

type Values<T extends readonly { value: string }[]> = { [K in keyof T]: T[K]["value"] };

export const valuesOf = <T extends readonly { value: string }[]>(options: T) =>
  options.map((option) => option.value) as unknown as Values<T>;
