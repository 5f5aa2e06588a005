/** The link of an order's settlement proof page (a hash route anyone with the link can read). */
export const proofPath = (id: number) => `/micro/proof/${id}`;
