; Inno Setup 6 script: turns the one-folder build (dist\durak-onedir) into
; dist\durak-<version>-windows-setup.exe with a Start menu entry and an uninstaller.
; build_scripts\build.py runs it when ISCC.exe is found; by hand, from the checkout:
;     iscc /DAppVersion=0.1.0 build_scripts\windows\durak.iss
; The version is pyproject.toml's; build.py and the release workflow pass it in.

#define AppName "Durak"
#define AppExe "durak.exe"
#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif

[Setup]
; A fixed id so that a new version upgrades the old one in place.
AppId={{B159FAA6-F71C-4606-8757-7BF17427B5AF}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Durak team
; Paths below are relative to the checkout (two folders up from this script).
SourceDir=..\..
OutputDir=dist
OutputBaseFilename=durak-{#AppVersion}-windows-setup
SetupIconFile=assets\icon.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
DefaultDirName={autopf}\{#AppName}
DisableProgramGroupPage=yes
; Per-user install needs no administrator; the dialog offers all users too.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "russian"; MessagesFile: "compiler:Languages\Russian.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "dist\durak-onedir\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

; The player's settings and saves live in %LOCALAPPDATA%\Durak and are kept on uninstall.
