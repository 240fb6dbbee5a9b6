/** An answer that carries `data`, as the contract's dataResponse schemas describe it. */
export const answerData = <T>(data: T) => ({ status: true as const, data });
