import styled from 'styled-components';

/** A form laid out as one column of fields, its errors and its buttons. */
export const FormStack = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

/** Fields side by side as the width allows, one per line on a narrow screen. */
export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr));
  gap: 16px;
`;

/** A form's or a panel's buttons: they wrap rather than push the page sideways. */
export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

/** The errors of a refused change that name no field, listed above the form's buttons. */
export const ErrorList = styled.ul`
  margin: 0;
  padding: 12px 16px 12px 32px;
  border-left: 4px solid ${({ theme }) => theme.color.error};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surfaceSunken};
  color: ${({ theme }) => theme.color.error};
`;

/** A form's state in a word or two ('Saved', 'Waiting to be sent'). */
export const StatusText = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.color.textMuted};
`;
