// The module's public entry (decision 0038): what app.ts, the other modules and the seed use.
export { createEmployee, employeeOr404 } from './employees';
export { createPayslip, payPayslip } from './payslips';
export { payrollRoutes } from './routes';
