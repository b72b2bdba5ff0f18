import { StrictMode } from "react";
import { BrowserRouter } from "react-router-dom";
import { AppRoutes } from "./app-routes";

export function App() {
  return (
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
}
