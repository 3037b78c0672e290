// The module's public entry (decision 0038): what app.ts and the other modules use.
export { payrollRoutes } from './routes';
export { createEmployee, createPayslip, employeeOr404, payPayslip } from './service';
